import {
  ErrorCode,
  FIELD_LABELS,
  MESSAGES,
  fieldLabel,
  isMessageKey,
  placeholdersOf,
  type LocalizedText,
  type PlainMessageKeyFor,
} from '@cab/contracts';
import type { z } from 'zod';
import { AppError } from './errors.ts';

/** Where a request part comes from; a problem with a whole body is worded as the body's. */
export type RequestPart = 'body' | 'query' | 'path';

type Issue = z.core.$ZodIssue;
type RefinementKey = PlainMessageKeyFor<typeof ErrorCode.VALIDATION>;

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input;
  for (const step of path) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<PropertyKey, unknown>)[step];
  }
  return v;
}

type FieldRefinementKey = 'validation.controlChars' | 'validation.brokenText' | 'validation.directionControls';

/**
 * A refinement names its message by catalogue key: a parameterless validation key, or
 * one whose only parameter is the field, named by its label.
 */
function refinementError(message: string, field: LocalizedText | undefined): AppError | undefined {
  if (!isMessageKey(message)) return undefined;
  const def = MESSAGES[message];
  if (def.code !== ErrorCode.VALIDATION) return undefined;
  const params = placeholdersOf(def.en);
  if (params.length === 0) return new AppError(message as RefinementKey);
  if (field && params.length === 1 && params[0] === 'field') return new AppError(message as FieldRefinementKey, { field });
  return undefined;
}

/** The problem, worded for a field the user knows by its label. */
function describe(issue: Issue, field: LocalizedText, missing: boolean): AppError {
  if (missing) return new AppError('validation.required', { field });
  switch (issue.code) {
    case 'invalid_type':
      return new AppError('validation.wrongType', { field });
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string')
        return min <= 1 ? new AppError('validation.empty', { field }) : new AppError('validation.tooShort', { field, min });
      if (issue.origin === 'array' || issue.origin === 'set')
        return min <= 1 ? new AppError('validation.empty', { field }) : new AppError('validation.tooFewItems', { field, min });
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        return issue.inclusive === false
          ? new AppError('validation.notAbove', { field, min })
          : new AppError('validation.tooSmall', { field, min });
      }
      return new AppError('validation.invalid', { field });
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return new AppError('validation.tooLong', { field, max });
      if (issue.origin === 'array' || issue.origin === 'set') return new AppError('validation.tooManyItems', { field, max });
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        return issue.inclusive === false
          ? new AppError('validation.notBelow', { field, max })
          : new AppError('validation.tooLarge', { field, max });
      }
      return new AppError('validation.invalid', { field });
    }
    case 'invalid_value':
    case 'invalid_union':
      return new AppError('validation.notAllowed', { field });
    default:
      return new AppError('validation.invalid', { field });
  }
}

function unknownField(path: readonly PropertyKey[], part: RequestPart): AppError {
  return new AppError('validation.unknownField', { name: path.length ? path.map(String).join('.') : part });
}

/** The label of the field a path ends in (array positions skipped); the body as a whole has one too. */
function labelOf(
  path: readonly PropertyKey[],
  part: RequestPart,
  labels: Readonly<Record<string, LocalizedText>>,
): LocalizedText | undefined {
  const last = path.filter((step): step is string => typeof step === 'string').at(-1);
  if (last !== undefined) return Object.hasOwn(labels, last) ? labels[last] : fieldLabel(last);
  return part === 'body' && path.length === 0 ? FIELD_LABELS.body : undefined;
}

/**
 * A zod failure as one short message in the caller's language, naming the field by its
 * label: the first problem is the one the user fixes first, and the rest often follow
 * from it. A field without a label is named as sent.
 */
export function validationError(
  err: z.ZodError,
  input: unknown,
  part: RequestPart,
  labels: Readonly<Record<string, LocalizedText>> = {},
): AppError {
  const issue = err.issues[0];
  if (!issue) return new AppError('request.invalid');
  const field = labelOf(issue.path, part, labels);
  if (issue.code === 'custom') {
    const refined = refinementError(issue.message, field);
    if (refined) return refined;
  }
  if (issue.code === 'unrecognized_keys') return unknownField([...issue.path, issue.keys[0] ?? ''], part);
  if (!field) return unknownField(issue.path, part);
  return describe(issue, field, valueAt(input, issue.path) === undefined);
}
