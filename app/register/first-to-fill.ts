import type { RegistrationField } from '@/lib/validation/registration-fields';

/**
 * Where the cursor starts on a form an invitation filled in (D57): the first required field it
 * left empty (the names came with it, so usually the password), else the first empty one; never
 * the locked address. Undefined: the form's first field, as on any form.
 */
export function firstToFill(fields: RegistrationField[], invitation: { lockedEmail: string | undefined; prefill: Record<string, string> } | undefined) {
  if (!invitation) return undefined;
  const empty = fields.filter((f) => !(f.key === 'email' && invitation.lockedEmail) && !invitation.prefill[f.key]);
  return (empty.find((f) => f.required) ?? empty[0])?.key;
}
