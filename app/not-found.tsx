import { NotFoundScreen } from '@/app/_components/page-texts';

/**
 * What `notFound()` shows. Nothing in the app calls it: addresses that name no screen get the
 * full frame from the catch-all route (app/[...unknown]/page.tsx). It costs every page only a
 * reference in its payload (page-texts.tsx).
 */
export default function NotFound() {
  return <NotFoundScreen />;
}
