import type { SpliceError } from '../../client/splice-error.js';
import { describeError } from '../../provider/describe-error.js';
import { useSpliceUi } from '../../provider/splice-context.js';
import { ErrorReference } from './error-reference.js';
import type { ClassNames } from './parts.js';
import { part } from './parts.js';

/** Why a load failed, in an alert with the reference for support, and a Retry button below it. */
export function LoadFailure(props: {
  error: SpliceError | null;
  onRetry: () => void;
  classNames: ClassNames<'alert' | 'button'> | undefined;
}) {
  const { messages } = useSpliceUi();
  const failure = describeError(props.error, messages);
  return (
    <>
      <div {...part('alert', props.classNames)} role="alert">
        <p>{failure.text}</p>
        <ErrorReference reference={failure.reference} />
      </div>
      <div>
        <button {...part('button', props.classNames)} type="button" onClick={props.onRetry}>
          {messages.retry}
        </button>
      </div>
    </>
  );
}
