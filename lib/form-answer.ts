import 'server-only';
import { headers } from 'next/headers';
import { FORM_POST_HEADER } from './form-post';

/**
 * Whether this page is being rendered as the answer to a form posted without JavaScript (a
 * server action's answer is the page again). Whatever that post was about (an error, a resend
 * pressed too early) takes focus then, so nothing else may claim it with `autofocus`. A screen
 * reached after a scripted action redirected is an arrival like any other.
 */
export async function isFormAnswer(): Promise<boolean> {
  return (await headers()).get(FORM_POST_HEADER) === '1';
}
