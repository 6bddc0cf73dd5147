'use client';

/**
 * The card's header: the manufacturer's logo, the product mark (the operator's logo, or the
 * product's name in the page's language, never words fixed in a picture) and the line naming the
 * application the person signs in to.
 * A client component for its bytes only: its markup comes from the script bundle (cached), and
 * each page sends just the texts, instead of the whole header twice (as HTML and again in the
 * inline render payload). The server renders it in full, so it is there without JavaScript.
 */
export type LogoProps = { alt: string; dark: boolean };

type Props = {
  manufacturer: LogoProps;
  /** The product mark: the operator's logo (`image`), else its name (`alt`) as text. */
  product: LogoProps & { image: boolean };
  /** "Sign in to …", already typeset for the language; absent for no sign-in. */
  clientLine?: React.ReactNode;
  /** Lines broken at phrase boundaries (Japanese and Chinese: lib/i18n/typeset.tsx). */
  phrases: boolean;
};

export function CardHeader({ manufacturer, product, clientLine, phrases }: Props) {
  return (
    <header className="card-header">
      <div className="brand">
        <Logo name="manufacturer" {...manufacturer} width={176} height={44} />
        {product.image ? (
          <Logo name="product" alt={product.alt} dark={product.dark} width={112} height={28} />
        ) : (
          <span className="product-mark">{product.alt}</span>
        )}
      </div>
      {clientLine ? <p className={phrases ? 'client-line phrases' : 'client-line'}>{clientLine}</p> : null}
    </header>
  );
}

/**
 * A logo from the brand route. Its dark version, when there is one, is swapped in by the browser
 * for the dark scheme; a logo without one sits on a light plate there (never inverted: that
 * would change the brand's colours).
 */
function Logo({ name, alt, dark, width, height }: LogoProps & { name: 'manufacturer' | 'product'; width: number; height: number }) {
  return (
    <picture className={`logo logo-${name}${dark ? '' : ' plate'}`}>
      {dark ? <source srcSet={`/brand/${name}-dark`} media="(prefers-color-scheme: dark)" /> : null}
      {/* Operator-replaceable files, served as they are (no image optimisation). */}
      <img src={`/brand/${name}`} alt={alt} width={width} height={height} />
    </picture>
  );
}
