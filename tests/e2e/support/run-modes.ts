import type { TestDetails } from '@playwright/test';

/**
 * Where a flow test runs besides `js-on` (playwright.config.ts, docs/testing.md "Projects and
 * tags"), each with the reason tests/unit/e2e-inventory.test.ts holds the suite to.
 */

/** Also without JavaScript (`js-off`): what the test asserts differs there. */
export const noJs = (whatDiffers: string): TestDetails => ({ tag: '@no-js', annotation: { type: 'no-js', description: whatDiffers } });

/** Without JavaScript only (`js-off`, not `js-on`): what it checks exists only there. */
export const jsOffOnly = (why: string): TestDetails => ({ tag: '@js-off-only', annotation: { type: 'js-off-only', description: why } });

/** Again against the legacy provider API generation (`js-off-legacy`): the provider call that differs. */
export const generations = (call: string): TestDetails => ({ tag: '@generations', annotation: { type: 'generation', description: call } });

/** Several of the above on one test. */
export function runModes(...modes: TestDetails[]): TestDetails {
  return { tag: modes.flatMap((mode) => mode.tag ?? []), annotation: modes.flatMap((mode) => mode.annotation ?? []) };
}
