import { MethodIcon } from '@/app/_components/method-icon';

/**
 * An option button's content: the method's icon and its name, with where it goes ("Text message
 * to +49 ••• ••12"). The destination is kept on one line, so a masked number never breaks apart;
 * the message (`text`, untranslated placeholders and all) is split at its placeholder because
 * translations put the destination anywhere in the sentence.
 */
export function OptionLabel({ type, text, destination }: { type: string; text: string; destination?: string }) {
  const [before, after = ''] = destination ? text.split('{destination}') : [text];
  return (
    <>
      <MethodIcon type={type} />
      <span className="option-text">
        {before}
        {destination ? <span className="destination">{destination}</span> : null}
        {after}
      </span>
    </>
  );
}
