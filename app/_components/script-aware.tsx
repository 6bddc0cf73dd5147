/**
 * One text for browsers that run this page's scripts and another for those that do not ("one
 * moment" is true only where the page continues by itself; otherwise the person has to select
 * Continue). Both are sent, and CSS shows the one that holds from the first paint: the style
 * sheet's `scripting` media query swaps them when scripting is off. (Swapped at hydration instead, the
 * text changed length under the reader's eyes and moved what followed it, a layout shift.)
 */
export function ScriptAware({ withScript, withoutScript }: { withScript: React.ReactNode; withoutScript: React.ReactNode }) {
  return (
    <>
      <span className="needs-js">{withScript}</span>
      <span className="no-js">{withoutScript}</span>
    </>
  );
}
