import { readFileSync } from 'node:fs';
import { joinTexts } from '../../../../lib/i18n/spacing';
import { expect } from '../fixtures';
import { expectHeading, latestLink, type Tour, type Visit } from './steps';

/** Invitations (issue 34, item 2): the register page filled in from an invitation, and an expired one. */

const ORGANISATION = 'Großküche Müller GmbH';

/**
 * The tenant's own texts on the register page, as the stand-in names them in this language (its
 * `localeText`, else English; tests/provider/seed.json): labels (optional ones with this
 * product's "(optional)") and choices. The current generation's list has no consent field.
 */
export function tenantTexts(v: Visit): string[] {
  const seed = JSON.parse(readFileSync('tests/provider/seed.json', 'utf8')) as {
    registration: {
      fields: Array<{ dataType: string; required?: boolean; localeText: Record<string, { name?: string; attributes?: Array<{ value: string }> }> }>;
    };
  };
  const language = v.locale.split('-')[0];
  return seed.registration.fields
    .filter((f) => f.dataType !== 'CONSENT')
    .flatMap((f) => {
      const text = f.localeText[language] ?? f.localeText.en;
      const name = text.name ?? '';
      return [name, joinTexts(name, v.t.register.optional), ...(text.attributes ?? []).map((a) => a.value)];
    });
}

export const invitationTours: Tour[] = [
  {
    name: 'invitation',
    account: (tag) => `invited+${tag}@example.com`,
    states: [
      {
        name: 'invitation-register',
        reach: async (v) => {
          const sent = await v.page.request.post(`${v.standin.url}/__standin/invitations`, {
            data: { email: v.email, given_name: 'Ida', family_name: 'Neumann', organisation: ORGANISATION },
          });
          expect(sent.ok()).toBe(true);
          await v.page.goto(await latestLink(v));
          await expect(v.page).toHaveURL(/\/register\?requestId=[\w-]+$/);
          await expectHeading(v, v.t.register.title);
          await expect(v.page.locator('#email')).toHaveAttribute('readonly', '');
          await expect(v.page.locator('#page-description')).toContainText(v.t.invitation.invitedBy.replace('{organisation}', ORGANISATION));
        },
        data: tenantTexts,
      },
      {
        name: 'invitation-expired',
        reach: async (v) => {
          // A link opened on its own (not while the invitation above is open in this browser).
          await v.page.context().clearCookies();
          await v.page.goto(`${v.standin.url}/__standin/invitations/invite-demo-expired-0001/open`);
          await expectHeading(v, v.t.invitation.expiredTitle);
        },
      },
    ],
  },
];
