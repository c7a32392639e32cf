/**
 * One labelled form field with its §5 feedback under it and §6 field security applied: a field the
 * record's state does not let the user edit is read-only, a hidden one is not rendered.
 */
import { useId } from 'react';
import { FieldFeedback, fieldInvalid } from './ValidationFeedback';
import type { FormFeedback } from '../../core/records';

export interface FormFieldProps {
  label: string;
  /** The record field name (feedback and security are matched on it). */
  field: string;
  value: string;
  onChange(value: string): void;
  feedback: FormFeedback;
  editable: boolean;
  visible?: boolean;
  type?: 'text' | 'textarea' | 'date' | 'number' | 'select';
  /** Options of a select (value '' = none). */
  options?: ReadonlyArray<{ value: string; label: string }>;
  required?: boolean;
}

/** A Bootstrap form row. */
export function FormField({ label, field, value, onChange, feedback, editable, visible = true, type = 'text', options = [], required = false }: FormFieldProps) {
  const id = useId();
  if (!visible) return null;
  const invalid = fieldInvalid(feedback, field);
  const describedBy = `${id}-feedback`;
  const common = {
    id,
    name: field,
    'data-field': field,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
    required,
  };
  let control;
  if (type === 'textarea') {
    control = <textarea {...common} className={`form-control form-control-sm${invalid ? ' is-invalid' : ''}`} rows={3} value={value} readOnly={!editable} onChange={(e) => onChange(e.target.value)} />;
  } else if (type === 'select') {
    control = (
      <select {...common} className={`form-select form-select-sm${invalid ? ' is-invalid' : ''}`} value={value} disabled={!editable} onChange={(e) => onChange(e.target.value)}>
        <option value="">(none)</option>
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
    );
  } else {
    control = (
      <input
        {...common}
        type={type === 'number' ? 'text' : type}
        inputMode={type === 'number' ? 'decimal' : undefined}
        className={`form-control form-control-sm${invalid ? ' is-invalid' : ''}`}
        value={value}
        readOnly={!editable}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  return (
    <div className="mb-2">
      <label htmlFor={id} className="form-label small mb-1">
        {label}
        {!editable ? <span className="text-body-secondary"> (read-only)</span> : null}
      </label>
      {control}
      <FieldFeedback feedback={feedback} field={field} id={describedBy} />
    </div>
  );
}
