import 'server-only';
import { createHmac } from 'node:crypto';
import { sealData, unsealData } from 'iron-session';
import { getConfig } from '../config';
import { sealOptions as sealedFor } from '../cookies';
import { singleFlight } from '../flows/single-flight';
import { getShared, putShared } from '../limits/store';
import { refreshUser } from '../provider/tokens';
import type { SignedInUser } from '../session-types';
import { renewalRefused } from './refusals';

/**
 * Renews the signed-in user's tokens once, however many requests ask at the same moment (two
 * tabs, a double click, a replay by another site's page). The provider rotates refresh tokens:
 * a second refresh with the same token is refused, which used to end the session. So the result
 * of a renewal is kept for a minute under the old refresh token, sealed, in the shared store
 * (every replica sees it): a request that arrives with the old token, or whose own refresh is
 * refused because another one just used it, takes that result instead.
 */
const KEEP_SECONDS = 60;
/** How long a refused renewal waits for the one that beat it to publish its result. */
const WAIT_FOR_WINNER_MS = 2_000;

const keyOf = (refreshToken: string) => `renew:${createHmac('sha256', getConfig().sessionSecrets[0]).update(refreshToken).digest('base64url').slice(0, 32)}`;
const sealOptions = () => sealedFor(getConfig().sessionSecrets, KEEP_SECONDS + 60);

async function published(key: string): Promise<SignedInUser | undefined> {
  const sealed = await getShared(key);
  if (!sealed) return undefined;
  const user = await unsealData<Partial<SignedInUser>>(sealed, sealOptions()).catch((): Partial<SignedInUser> => ({}));
  return user.accessToken ? (user as SignedInUser) : undefined;
}

export async function renewOnce(user: SignedInUser): Promise<SignedInUser> {
  // Without a refresh token refreshUser refuses with the spec's 417 message (TokenInputError).
  if (!user.refreshToken) return refreshUser(user);
  const key = keyOf(user.refreshToken);
  const earlier = await published(key);
  if (earlier && earlier.profile.sub === user.profile.sub) return earlier;
  try {
    return await singleFlight(['renew', user.refreshToken], async () => {
      const renewed = await refreshUser(user);
      await putShared(key, await sealData(renewed, sealOptions()), KEEP_SECONDS);
      return renewed;
    });
  } catch (error) {
    if (!renewalRefused(error)) throw error;
    for (let waited = 0; waited < WAIT_FOR_WINNER_MS; waited += 100) {
      const winner = await published(key);
      if (winner && winner.profile.sub === user.profile.sub) return winner;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw error;
  }
}
