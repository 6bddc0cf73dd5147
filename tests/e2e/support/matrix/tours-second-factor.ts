import { expect, MFA } from '../fixtures';
import {
  enterCode,
  expectFieldError,
  expectHeading,
  mainSubmit,
  NAMED_MEDIUMS,
  namedOptionTexts,
  pushCheck,
  resend,
  signInWithPassword,
  type Tour,
} from './steps';

/** The second factor: a choice of methods, a single method, and a push approval. */
export const secondFactorTours: Tour[] = [
  {
    name: 'second factor',
    account: (tag) => MFA.all(tag),
    states: [
      {
        name: 'mfa-methods',
        reach: async (v) => {
          await signInWithPassword(v, MFA.password);
          await expect(v.page).toHaveURL(/\/register-mfa\?/);
          await expect(v.page.locator('main button[name="type"][value="EMAIL"]')).toBeVisible();
          await expectHeading(v, v.t.mfa.title);
        },
      },
      {
        name: 'mfa-code',
        reach: async (v) => {
          await v.page.locator('main button[name="type"][value="EMAIL"]').click();
          await expect(v.page).toHaveURL(/\/register-mfa\/code\?requestId=/);
          v.memo.sentAt = String(Date.now());
          await expectHeading(v, v.t.mfa.codeTitle);
        },
      },
      {
        name: 'mfa-code-required',
        byAddress: false,
        reach: async (v) => {
          await mainSubmit(v.page).click();
          await expectFieldError(v, 'code', 'mfaCodeRequired');
        },
      },
      {
        name: 'mfa-code-too-short',
        byAddress: false,
        reach: async (v) => {
          await enterCode(v, '12345');
          await expectFieldError(v, 'code', 'mfaCodeLength');
        },
      },
      {
        name: 'mfa-code-wrong',
        byAddress: false,
        reach: async (v) => {
          const [message] = await v.standin.outbox(v.email);
          v.memo.code = message.code!;
          await enterCode(v, message.code === '000000' ? '000001' : '000000');
          await expectFieldError(v, 'code', 'mfaCodeInvalid');
        },
      },
      {
        name: 'mfa-code-expired',
        byAddress: false,
        reach: async (v) => {
          await v.standin.expireCodes(v.email);
          await enterCode(v, v.memo.code);
          await expectFieldError(v, 'code', 'mfaCodeExpired');
        },
      },
      {
        name: 'mfa-code-resent',
        reach: async (v) => {
          await resend(v);
          await expect(v.page.locator('main .notice')).toHaveText(v.t.mfa.resent);
        },
      },
      {
        name: 'mfa-code-authenticator',
        reach: async (v) => {
          await v.page.locator('main a[href*="view=options"]').click();
          await v.page.locator('main button[name="type"][value="TOTP"]').click();
          await expect(v.page.locator('main .description')).toHaveText(v.t.mfa.totpDescription);
        },
      },
    ],
  },
  {
    name: 'backup code',
    account: (tag) => MFA.backup(tag),
    states: [
      {
        name: 'mfa-backup-code',
        reach: async (v) => {
          await signInWithPassword(v, MFA.password);
          await v.page.locator('main button[name="type"][value="BACKUPCODE"]').click();
          await expect(v.page).toHaveURL(/\/register-mfa\/code\?requestId=/);
          await expectHeading(v, v.t.mfa.backupTitle);
        },
      },
      {
        name: 'mfa-backup-code-format',
        byAddress: false,
        reach: async (v) => {
          await enterCode(v, '1234');
          await expectFieldError(v, 'code', 'backupCodeFormat');
        },
      },
      {
        // Said before the sign-in goes on, and waiting for Continue (D45).
        name: 'mfa-backup-code-accepted',
        reach: async (v) => {
          await enterCode(v, MFA.backupCodes[0]);
          await expectHeading(v, v.t.continue.backupTitle);
        },
      },
    ],
  },
  {
    name: 'push not paired beside another method',
    account: (tag) => `setup.unpaired+${tag}@example.com`,
    states: [
      {
        // The tenant's "set it up first" is not honoured while another method can confirm.
        name: 'mfa-unset-push',
        reach: async (v) => {
          await signInWithPassword(v, MFA.password);
          await v.page.locator('main button[name="type"][value="PUSH"]').click();
          await expect(v.page).toHaveURL(/\/register-mfa\?requestId=[\w-]+(&render=sync)?&view=options&unset=PUSH$/);
          await expect(v.page.locator('main .notice.info')).toHaveText(v.t.mfa.unsetPush);
        },
        data: (v) => ['u•••@example.com', ...v.t.mfa.optionEmailTo.split('{destination}').map((part) => part.trim())].filter(Boolean),
      },
    ],
  },
  {
    name: 'single second factor',
    account: (tag) => MFA.email(tag),
    states: [
      {
        // With JavaScript the only option starts at once; the screen is there without it.
        name: 'mfa-start-single',
        js: 'off',
        reach: async (v) => {
          await signInWithPassword(v, MFA.password);
          await expect(v.page).toHaveURL(/\/register-mfa\?/);
          await expect(v.page.locator('main p.description')).toHaveText(v.t.mfa.startEmail);
        },
      },
    ],
  },
  {
    name: 'push approval',
    account: (tag) => `mfa.choice+${tag}@example.com`,
    states: [
      {
        name: 'mfa-methods-named',
        reach: async (v) => {
          await signInWithPassword(v, MFA.password);
          await expect(v.page).toHaveURL(/\/register-mfa\?/);
          // Visible, not only present: the streamed options are in the document, hidden, before they are revealed.
          const sms = v.page.locator('main button[name="type"][value="SMS"] .destination');
          await expect(sms).toBeVisible();
          await expect(sms).toHaveText(NAMED_MEDIUMS[1]);
          await expectHeading(v, v.t.mfa.title);
        },
        data: namedOptionTexts,
      },
      {
        name: 'mfa-push',
        reach: async (v) => {
          await v.page.locator('main button[name="type"][value="PUSH"]').click();
          await expect(v.page).toHaveURL(/\/register-mfa\/push\?requestId=/);
          await expectHeading(v, v.t.mfa.pushTitle);
          v.memo.pushNumber = (await v.page.locator('main .push-number .number').innerText()).trim();
        },
        data: (v) => [v.memo.pushNumber],
      },
      {
        // With JavaScript the page asks by itself: there is no button to ask with (D25).
        name: 'mfa-push-not-yet',
        js: 'off',
        reach: async (v) => {
          await pushCheck(v).click();
          await expect(v.page.locator('main form.push-check [role="status"] p')).toHaveText(v.t.mfa.pushNotYet);
        },
        data: (v) => [v.memo.pushNumber],
      },
      {
        name: 'mfa-push-declined',
        reach: async (v) => {
          expect((await v.page.request.post(`${v.standin.url}/__standin/push/reject`, { data: { email: v.email } })).ok()).toBe(true);
          // With JavaScript the page finds out by itself; without, on the next press.
          if (!v.js) await pushCheck(v).click();
          await expectHeading(v, v.t.mfa.pushRejectedTitle);
        },
      },
    ],
  },
];
