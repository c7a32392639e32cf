/**
 * One header field of a record form: its label (saying "(read-only)" when the record's state does not let
 * the user edit it, §6), the control the form renders from `control`'s props (id, Bootstrap class,
 * disabled, aria-invalid, aria-describedby, data-field), and its §5 feedback under it.
 */
import { useId } from 'react';
import type { ReactElement } from 'react';
import type { FormFeedback } from '../../core/records';
import { FieldFeedback, fieldInvalid } from './ValidationFeedback';

export interface FieldControl {
  id: string;
  className: string;
  disabled: boolean;
  'aria-invalid': true | undefined;
  'aria-describedby': string;
  'data-field': string;
}

export interface RecordFieldProps {
  label: string;
  /** The record field name (feedback is matched on it). */
  field: string;
  feedback: FormFeedback;
  editable: boolean;
  /** The column's class ('col-sm-4'). */
  className: string;
  /** A select's Bootstrap class rather than an input's. */
  select?: boolean;
  /** "(read-only)" shows beside the label (default: read by screen readers only; the control shows it is disabled). */
  readOnlyShown?: boolean;
  children(control: FieldControl): ReactElement;
}

export function RecordField({ label, field, feedback, editable, className, select = false, readOnlyShown = false, children }: RecordFieldProps) {
  const id = useId();
  const invalid = fieldInvalid(feedback, field);
  const control: FieldControl = {
    id, className: `${select ? 'form-select' : 'form-control'} form-control-sm${invalid ? ' is-invalid' : ''}`, disabled: !editable,
    'aria-invalid': invalid || undefined, 'aria-describedby': `${id}-feedback`, 'data-field': field,
  };
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label small mb-1">
        {label}{editable ? null : <span className={readOnlyShown ? 'text-body-secondary' : 'visually-hidden'}> (read-only)</span>}
      </label>
      {children(control)}
      <FieldFeedback feedback={feedback} field={field} id={`${id}-feedback`} />
    </div>
  );
}
