import type { ErrorKey } from '@/lib/validation/form-state';

/** What this page may say besides the registration form's messages: a unique field taken, a refusal. */
export const ADDITIONAL_INFO_ERRORS: ErrorKey[] = ['fieldTaken', 'additionalInfoRefused'];
