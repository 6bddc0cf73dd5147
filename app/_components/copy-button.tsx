'use client';

import { useState } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * Copies a text to the clipboard (a key to type into an app elsewhere). Shown only once the page
 * runs scripts: without them the text is there to select. "Copied" is said in a status region.
 */
export function CopyButton({ text, labels }: { text: string; labels: { copy: string; copied: string } }) {
  const live = useHydrated();
  const [copied, setCopied] = useState(false);
  if (!live) return null;
  return (
    <span className="copy">
      <button
        type="button"
        className="link"
        onClick={() => {
          void navigator.clipboard.writeText(text).then(() => setCopied(true));
        }}
      >
        {labels.copy}
      </button>
      <span role="status" className="hint">
        {copied ? labels.copied : ''}
      </span>
    </span>
  );
}
