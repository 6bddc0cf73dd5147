import { writeContactSheet } from '../../../scripts/contact-sheet.mjs';
import { checkOpsBudget } from './ops';

/**
 * After the e2e run: one HTML page with every screenshot the run took, as labelled thumbnails
 * (test-results/contact-sheet.html; docs/testing.md names it); then the operation counts the
 * expensive specs wrote, checked against tests/e2e/budget-ops.json (ops.ts: a difference fails
 * the run).
 */
export default async function globalTeardown() {
  const written = writeContactSheet('test-results');
  if (written) console.log(`Contact sheet: ${written.path} (${written.images} screenshots)`);
  checkOpsBudget();
}
