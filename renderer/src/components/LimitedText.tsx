import { InputGroup, TextArea, type InputGroupProps, type TextAreaProps } from '@blueprintjs/core';
import { keepWithinLimit } from '@contracts/field-limits.ts';
import { CharCounter } from './CharCounter.tsx';

interface Limited {
  /** The field's id: the counter is `{id}-counter` (its aria-describedby and test id). */
  id: string;
  value: string;
  /** The contract's limit the server enforces, in characters. */
  max: number;
  onValueChange: (value: string) => void;
  counterTestId?: string;
}

/**
 * A text area that refuses input past its server limit (a paste keeps what fits) with its counter
 * under it. Every multi-line field whose text the server limits is one of these.
 */
export function LimitedTextArea({
  id,
  value,
  max,
  onValueChange,
  counterTestId,
  ...props
}: Limited & Omit<TextAreaProps, 'value' | 'onChange' | 'id' | 'maxLength'>) {
  const counterId = `${id}-counter`;
  return (
    <>
      <TextArea
        {...props}
        id={id}
        value={value}
        aria-describedby={counterId}
        onChange={(e) => onValueChange(keepWithinLimit(value, e.currentTarget.value, max))}
      />
      <CharCounter id={counterId} testId={counterTestId ?? counterId} value={value} max={max} />
    </>
  );
}

/** The one-line counterpart of LimitedTextArea. */
export function LimitedInput({
  id,
  value,
  max,
  onValueChange,
  counterTestId,
  ...props
}: Limited & Omit<InputGroupProps, 'value' | 'onChange' | 'onValueChange' | 'id' | 'maxLength'>) {
  const counterId = `${id}-counter`;
  return (
    <>
      <InputGroup
        {...props}
        id={id}
        value={value}
        aria-describedby={counterId}
        onChange={(e) => onValueChange(keepWithinLimit(value, e.currentTarget.value, max))}
      />
      <CharCounter id={counterId} testId={counterTestId ?? counterId} value={value} max={max} />
    </>
  );
}
