import { expect, TERMS } from '../fixtures';
import { expectHeading, signInWithPassword, type Tour, type Visit } from './steps';

/**
 * The tenant's terms after the password (consent_preview, served at /consent), and the page after
 * Decline. The terms are the tenant's words, not messages: the stand-in's text (tests/provider/
 * seed.json `consents`) in English, or in German where the page asks for it.
 */
const TENANT_TEXTS = [
  // English
  'Terms of use',
  'Terms of use for the sales portal',
  'These terms apply to every order placed through the',
  'Kitchen Equipment Sales Portal',
  '.',
  'Version 2 adds the rules for price quotes.',
  'Prices are quoted without VAT and are valid for 30 days.',
  'Orders are binding once confirmed.',
  'Delivery dates are estimates.',
  'See the',
  'full terms',
  'and',
  'this link',
  // German
  'Nutzungsbedingungen',
  'Nutzungsbedingungen des Vertriebsportals',
  'Diese Bedingungen gelten für jede Bestellung über das',
  'Version 2 ergänzt die Regeln für Preisangebote.',
  'Preise verstehen sich ohne Mehrwertsteuer und gelten 30 Tage.',
  'Bestellungen sind nach der Bestätigung verbindlich.',
  'Liefertermine sind Schätzungen.',
  'Siehe die',
  'vollständigen Bedingungen',
  'und',
  'diesen Link',
];
const tenantTexts = (_v: Visit) => TENANT_TEXTS;

export const consentTours: Tour[] = [
  {
    name: 'terms and consent',
    account: (tag) => TERMS.fresh(tag),
    states: [
      {
        name: 'consent',
        reach: async (v) => {
          await signInWithPassword(v, TERMS.password);
          await expect(v.page).toHaveURL(/\/consent\?requestId=[\w-]+$/);
          await expectHeading(v, v.t.consent.title);
          await expect(v.page.locator('main .consent-text p').first()).toBeVisible();
        },
        data: tenantTexts,
      },
      {
        name: 'consent-declined',
        reach: async (v) => {
          await v.page.locator('main .consent-actions form').nth(1).locator('button[type="submit"]').click();
          await expect(v.page).toHaveURL(/\/consent\/declined\?requestId=[\w-]+$/);
          await expectHeading(v, v.t.consent.declinedTitle);
        },
      },
    ],
  },
];
