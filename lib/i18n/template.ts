/** A translator of one namespace (next-intl's getTranslations), for the keys it is given. */
export type Translate<Key extends string> = (key: Key, values?: Record<string, string>) => string;

/**
 * A message with its placeholders left in as `{name}`, for a client component that fills them in
 * itself (a countdown's seconds, a count of matches, a destination it styles). next-intl's
 * `t.raw` is no use for this: messages are precompiled at build time (next.config.ts), so the raw
 * value is the compiled form, not the text.
 */
export function template<Key extends string>(t: Translate<NoInfer<Key>>, key: Key, ...names: string[]): string {
  return t(key, Object.fromEntries(names.map((name) => [name, `{${name}}`])));
}
