import { Suspense } from 'react';

type Props = {
  fallback: React.ReactNode;
  /** The same page rendered in one piece (it passes `inOnePiece` as true). */
  onePieceHref: string;
  inOnePiece: boolean;
  children: React.ReactNode;
};

/**
 * Streams `children` behind `fallback` (a loader or skeleton the browser shows at once).
 * Streaming swaps the fallback for the content with a script. Without JavaScript that never
 * happens, so the fallback itself sends such browsers to `onePieceHref`, where the page renders
 * without streaming.
 */
export function Streamed({ fallback, onePieceHref, inOnePiece, children }: Props) {
  if (inOnePiece) return children;
  return (
    <Suspense
      fallback={
        <>
          {fallback}
          <noscript>
            <meta httpEquiv="refresh" content={`0;url=${onePieceHref}`} />
          </noscript>
        </>
      }
    >
      {children}
    </Suspense>
  );
}
