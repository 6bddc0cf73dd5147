/**
 * The verification types a cidaas tenant knows (upper-case in bodies, lower-case in paths;
 * docs/provider-contract.md §2.3). A type posted by a browser is one of these or nothing: it names
 * limits and metrics, so an invented one must never reach them.
 */
export const VERIFICATION_TYPES = [
  'PASSWORD',
  'EMAIL',
  'SMS',
  'IVR',
  'VOICE',
  'TOTP',
  'PUSH',
  'BACKUPCODE',
  'FIDO2',
  'FACE',
  'TOUCHID',
  'PATTERN',
  'SECURITY_QUESTION',
] as const;

export type VerificationType = (typeof VERIFICATION_TYPES)[number];

export function isVerificationType(value: string): value is VerificationType {
  return (VERIFICATION_TYPES as readonly string[]).includes(value);
}
