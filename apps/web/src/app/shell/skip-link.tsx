/** First stop of the Tab order: jumps over the header and the menu to the screen's content. */
export function SkipLink({ target }: { target: string }) {
  return (
    <a className="skip-link" href={`#${target}`}>
      Aller au contenu principal
    </a>
  );
}
