'use client';

import { useState } from 'react';

/**
 * Copies a text to the clipboard (a key to type into an app elsewhere). Sent always and shown only
 * where the page runs scripts (`.needs-js`, from the first paint): without them the text is there
 * to select. "Copied" is said in a status region.
 */
export function CopyButton({ text, labels }: { text: string; labels: { copy: string; copied: string } }) {
  const [copied, setCopied] = useState(false);
  return (
    <span className="copy needs-js">
      <button
        type="button"
        className="link"
        onClick={() => {
          void navigator.clipboard.writeText(text).then(() => setCopied(true));
        }}
      >
        {labels.copy}
      </button>
      {/* The status keeps the room "Copied" needs from the start, so saying it moves nothing beside it. */}
      <span role="status" className="hint copy-status">
        <span className="copy-status-room" aria-hidden="true">
          {labels.copied}
        </span>
        <span>{copied ? labels.copied : ''}</span>
      </span>
    </span>
  );
}
