import type { AppConfig } from '@/lib/config';

/** Whom to ask (SUPPORT_URL, SUPPORT_EMAIL), as a list of what is configured; nothing where neither is. */
export function SupportLinks({ support, labels }: { support: AppConfig['support']; labels: { link: string; email: string } }) {
  if (!support.url && !support.email) return null;
  return (
    <ul className="support">
      {support.url ? (
        <li>
          <a href={support.url.toString()}>{labels.link}</a>
        </li>
      ) : null}
      {support.email ? (
        <li>
          <a href={`mailto:${support.email}`}>{labels.email}</a>
        </li>
      ) : null}
    </ul>
  );
}
