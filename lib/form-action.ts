import 'server-only';
import { log } from './log';
import { answerWith } from './request-context';
import type { ActionState } from './validation/form-state';

/**
 * Every action is called by its own form through useActionState: the previous state, then the
 * form's data. Anything else is not one of this app's pages talking (a form posted with
 * `$ACTION_ID_…`, which calls the action with the data alone; a scripted call with other
 * arguments): it is answered 400 with one log line, and nothing of the action runs.
 */
export function formAction<Prev extends ActionState, State extends ActionState>(
  run: (prev: Prev, formData: FormData) => Promise<State>,
): (prev: Prev, formData: FormData) => Promise<State> {
  return async (prev, formData) => {
    if (!(formData instanceof FormData)) {
      answerWith(400);
      log.warn({ event: 'malformed-action-call', action: run.name }, 'an action was called without its form');
      return { status: 'idle' } as State;
    }
    return run(prev, formData);
  };
}
