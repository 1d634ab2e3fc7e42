/**
 * The request's reference under an error, for the user to quote to support: small and second to what
 * the user can do, and selected whole with one click so it copies cleanly.
 */
export function ErrorReference({ reference }: { reference: string | undefined }) {
  if (!reference) return null;
  return (
    <p data-part="reference">
      <small>{reference}</small>
    </p>
  );
}
