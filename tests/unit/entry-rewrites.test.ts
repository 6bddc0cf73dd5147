import { describe, expect, test } from 'vitest';
import { entryRewrite } from '@/lib/entry-rewrites';

const rewrite = (address: string) => {
  const url = new URL(address, 'https://login.example.com');
  return entryRewrite(url.pathname, url.searchParams);
};

describe('entryRewrite', () => {
  test.each([
    ['/register-mfa?track_id=t1', '/register-mfa/entry'],
    ['/group-selection?trackId=t1&sub=s', '/group-selection/entry'],
    ['/login-success?track_id=t1', '/login-success/entry'],
    ['/setup-passkey?trackId=t1', '/setup-passkey/entry'],
    ['/consent?consent_id=c&track_id=t1', '/consent/entry'],
    ['/?error=email_not_verified&sub=s1', '/verify-email/entry'],
    ['/?error=email_not_verified&q=s1&requestId=r', '/verify-email/entry'],
    ['/reset-password?rprq=x&code=1', '/reset-password/link'],
    ['/verify-email-complete?accvid=a', '/verify-email-complete/entry'],
    ['/verify-email-complete?accvid=a&track_id=t', '/verify-email-complete/entry'],
    ['/verify-email-complete?accvid=a&suggested_action=&trackId=t', '/verify-email-complete/entry'],
    ['/verify-email-complete?accvid=a&suggested_action=LOGIN&trackId=t', '/verify-email-complete/sign-in-entry'],
    ['/verify-email-complete?track_id=t', '/verify-email-complete/sign-in-entry'],
    ['/reset-password-success?trackId=t', '/reset-password-success/entry'],
    ['/register?requestId=r&invite_id=i', '/register/entry'],
    ['/register?requestId=r&inviteId=i', '/register/entry'],
  ])('%s goes to %s', (address, entry) => {
    expect(rewrite(address)).toBe(entry);
  });

  test.each([
    '/register-mfa',
    '/register-mfa?track_id=',
    '/register-mfa/code?track_id=t',
    '/Register-MFA?track_id=t',
    '/?requestId=r',
    '/?error=email_not_verified',
    '/?error=other&sub=s',
    '/?error=email_not_verified&sub=',
    '/reset-password',
    '/reset-password?rprq=',
    '/verify-email-complete?accvid=a&suggested_action=LOGIN',
    '/reset-password-success?requestId=r',
    '/login?track_id=t',
    '/register-mfa/entry?track_id=t',
    '/register?requestId=r',
    '/register?requestId=r&invite_id=',
    '/register/entry?invite_id=i',
  ])('%s is a page like any other', (address) => {
    expect(rewrite(address)).toBeUndefined();
  });
});
