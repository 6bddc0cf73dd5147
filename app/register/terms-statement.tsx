import { NewTabLink } from '@/app/_components/new-tab-link';

/** The statement's words with `{terms}` and `{privacy}` where their links go, and those links. */
export type StatementTexts = {
  template: string;
  terms?: { href: string; text: string };
  privacy?: { href: string; text: string };
  newTab: string;
};

/**
 * What registering means, directly above the button (D50): the terms accepted and the privacy
 * notice, each linked (the operator's legal addresses, FOOTER_LINKS). One message with its links
 * in place, so each language orders the sentence its own way (`data-message`: one text).
 */
export function TermsStatement({ statement }: { statement: StatementTexts }) {
  const parts = statement.template.split(/(\{terms\}|\{privacy\})/);
  return (
    <p className="terms-statement" data-message="statement">
      {parts.map((part, index) => {
        const link = part === '{terms}' ? statement.terms : part === '{privacy}' ? statement.privacy : undefined;
        return link ? (
          <NewTabLink key={index} href={link.href} newTab={statement.newTab}>
            {link.text}
          </NewTabLink>
        ) : (
          part
        );
      })}
    </p>
  );
}
