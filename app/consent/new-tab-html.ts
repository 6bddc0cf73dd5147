/**
 * The sanitised terms' links (lib/provider/consent.ts sanitizeConsentHtml: `<a href="https://…"
 * rel="noopener noreferrer">` only, text escaped) opening a new tab, so the sign-in stays where it
 * is, and saying so to screen readers, in the page's language (the terms may be in another).
 */
export function linksInNewTab(html: string, newTab: string, lang: string): string {
  const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const note = `<span class="visually-hidden" lang="${escape(lang)}"> ${escape(newTab)}</span>`;
  return html.replace(/<a href=/g, '<a target="_blank" href=').replace(/<\/a>/g, `${note}</a>`);
}
