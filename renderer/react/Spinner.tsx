/** The busy indicator of the wizard and the confirmation download: an icon and a status text. */
export function Spinner({ text }: { text: string }) {
  return (
    <span className="renderer-spinner" role="status">
      <span className="renderer-spinner__icon" aria-hidden="true" />
      {text}
    </span>
  );
}
