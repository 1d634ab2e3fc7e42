/** Northwind's logo and name; decorative mark, the text is the accessible name. */
export function Brand() {
  return (
    <span className="nw-brand">
      <svg className="nw-brand__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" />
        <path d="M10 23V9l12 14V9" />
      </svg>
      <span className="nw-brand__name">
        Northwind <span className="nw-brand__product">Pipeline</span>
      </span>
    </span>
  );
}
