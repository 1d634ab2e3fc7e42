'use client';

/** The message under a control; always rendered (empty when fine) so screen readers hear changes. */
export function FieldError(props: { id: string; text: string | undefined }) {
  return (
    <p data-part="error" id={props.id} aria-live="polite">
      {props.text}
    </p>
  );
}

/** A DOM id from a wizard field id, unique per wizard instance. */
export function controlId(prefix: string, fieldId: string): string {
  return `${prefix}-${fieldId.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}
