import type { FormInstance } from 'antd';
import { App, Form } from 'antd';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { currentLocale } from '@/lib/i18n';
import { showError } from '@/lib/query-client';
import { schemaRule } from '@/lib/validation';

type SafeParser = Parameters<typeof schemaRule>[0]['schema'];
type Rule = ReturnType<typeof schemaRule>;

/**
 * The schema of a dialog that adds or edits (an entity form's `schema`): the form's values, as
 * `bodyOf` makes the request's body of them, checked by the shared add schema, or by the edit
 * schema with the edited entity's id.
 */
export function addOrEditSchema<V>(
  editing: { id: string } | null,
  schemas: { add: SafeParser; edit: SafeParser },
  bodyOf: (values: V) => object,
): SafeParser {
  return {
    safeParse: (values: unknown) =>
      editing
        ? schemas.edit.safeParse({ ...bodyOf(values as V), id: editing.id })
        : schemas.add.safeParse(bodyOf(values as V)),
  };
}

export interface EntityFormOptions<V extends object, E> {
  /** The form is reset to `valuesOf(editing)` each time it opens. */
  open: boolean;
  /** The entity being edited; null when a new one is being written. */
  editing: E | null;
  /** The form's values for an entity (null: the empty form). Also fills gaps when validating. */
  valuesOf: (editing: E | null) => V;
  /** The shared zod schema the server checks too. */
  schema: SafeParser;
  /** Field name -> label, for messages ("Title is required") and the form items. */
  labels: Record<keyof V & string, string>;
  /**
   * Sends the validated values (a mutation marked `errorDisplay: 'inline'`): field errors from the
   * server land on their fields, anything else is shown by the console's error display.
   */
  save: (values: V) => Promise<unknown>;
  /** Said once saved; then `onClose`. */
  successMessage: string;
  /** Closes the dialog: after a save, and on Cancel. */
  onClose: () => void;
  /** Error codes that are about one field (e.g. a taken domain): shown on that field. */
  errorCodeFields?: Partial<Record<string, keyof V & string>>;
}

export interface EntityForm<V extends object> {
  form: FormInstance<V>;
  /** The antd rule checking one field against the shared schema. */
  rule: (field: keyof V & string) => Rule;
  /** Validates, saves, says so, or shows why not. Never rejects. */
  submit: () => Promise<void>;
  /** Whether the dialog is open (the option, handed on to FormModal). */
  open: boolean;
  /** Whether a save is under way. */
  saving: boolean;
  /** The values of the empty form. */
  initialValues: V;
  close: () => void;
}

/**
 * The skeleton of an add/edit dialog: a form reset on every opening, fields checked with the
 * shared schema, a save whose server field errors are mapped onto the fields, and a success message.
 */
export function useEntityForm<V extends object, E>(options: EntityFormOptions<V, E>): EntityForm<V> {
  const { open, editing, valuesOf, schema, labels, save, successMessage, onClose, errorCodeFields } = options;
  const { message } = App.useApp();
  const [form] = Form.useForm<V>();
  const [saving, setSaving] = useState(false);
  // Read when opening only: a new function each render must not reset what is being typed.
  const valuesOfRef = useRef(valuesOf);
  valuesOfRef.current = valuesOf;

  // Each opening and closing starts a new generation: a submit still running when its dialog closed
  // (Cancel while the fields were checked, or the page closing it) must not land on the dialog
  // opened next: close it, put its field errors there, or save what the closed one held.
  const generation = useRef({ open, count: 0 });
  useEffect(() => {
    if (generation.current.open !== open) generation.current = { open, count: generation.current.count + 1 };
  }, [open]);

  // Before the opened dialog is painted (a layout effect): an effect runs after the paint, so a
  // quick typist (or a browser test on a busy machine) could type into a field that is then reset.
  useLayoutEffect(() => {
    if (!open) return;
    form.resetFields();
    // antd's setFieldsValue wants a RecursivePartial of V; the whole of V is one.
    form.setFieldsValue(valuesOfRef.current(editing) as Parameters<typeof form.setFieldsValue>[0]);
  }, [open, editing, form]);

  const fields = Object.keys(labels);
  const rule = (field: keyof V & string) =>
    schemaRule({
      schema,
      field,
      values: () => ({ ...valuesOf(null), ...form.getFieldsValue(true) }),
      labels,
      locale: currentLocale,
    });

  const submit = async () => {
    const started = generation.current.count;
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows what is wrong
    }
    // Closed while its fields were being checked: what it held is not to be saved.
    if (generation.current.count !== started) return;
    setSaving(true);
    try {
      await save(values);
    } catch (error) {
      // That dialog was left: its errors have nowhere to go, and not saving is what leaving asked for.
      if (generation.current.count !== started) return;
      const onFields = isApiError(error)
        ? error.fieldErrors
            .filter((problem) => fields.includes(problem.field))
            .map((problem) => ({ name: problem.field, errors: [problem.message] }))
        : [];
      const codeField = isApiError(error) && error.errorCode ? errorCodeFields?.[error.errorCode] : undefined;
      if (isApiError(error) && codeField) onFields.push({ name: codeField, errors: [error.message] });
      if (onFields.length > 0) form.setFields(onFields as Parameters<typeof form.setFields>[0]);
      else showError(error);
      return;
    } finally {
      setSaving(false);
    }
    // Saved even though the dialog was left meanwhile: say so, but leave whatever is open now alone.
    void message.success(successMessage);
    if (generation.current.count === started) onClose();
  };

  return { form, rule, submit, open, saving, initialValues: valuesOf(null), close: onClose };
}

/** The options of useAddOrEditForm: an entity form's, its schema and save made of the two below. */
export interface AddOrEditFormOptions<V extends object, E extends { id: string }, I>
  extends Omit<EntityFormOptions<V, E>, 'schema' | 'save'> {
  /** The shared add and edit schemas (see addOrEditSchema). */
  schemas: { add: SafeParser; edit: SafeParser };
  /** The request's body of valid values: what is sent, and what the schemas check unless `checkedOf` is given. */
  bodyOf: (values: V) => I;
  /** What the schemas check when it is not the body sent (e.g. an empty number still null, not left out). */
  checkedOf?: (values: V) => object;
  /** The save mutation: the edited entity's `id` when editing, none when adding. */
  save: (request: { id?: string; input: I }) => Promise<unknown>;
}

/**
 * The entity form of a dialog that adds or edits through one save mutation (`{ id?, input }`):
 * the form's request body is checked by the add or edit schema (addOrEditSchema) and sent as it is.
 */
export function useAddOrEditForm<V extends object, E extends { id: string }, I>(
  options: AddOrEditFormOptions<V, E, I>,
): EntityForm<V> {
  const { schemas, bodyOf, checkedOf = bodyOf, save, ...form } = options;
  const { editing } = form;
  return useEntityForm({
    ...form,
    schema: addOrEditSchema(editing, schemas, (values: V) => checkedOf(values) as object),
    save: (values) =>
      editing ? save({ id: editing.id, input: bodyOf(values) }) : save({ input: bodyOf(values) }),
  });
}
