import type { ContributorId, MediaId, UserId } from '../ids'
import { leaf, list, object } from './rule'
import type { Rule } from './rule'
import { FactorIdRule } from './ids'

/** A relate factor: what the recommendations are based on, with an optional weight (default 1). */
export interface Factor {
  readonly id: UserId | MediaId | ContributorId
  readonly weight?: number
  readonly boostOnly?: boolean
}

export const FactorRule: Rule<Factor> = /* @__PURE__ */ object<Factor>(
  {
    id: FactorIdRule,
    weight: /* @__PURE__ */ leaf(
      { kind: 'number', min: 0, code: 'invalid_factor', expected: 'a weight of 0 or more' },
      (value) => typeof value == 'number' && value >= 0 && value < Infinity,
    ),
    boostOnly: /* @__PURE__ */ leaf(
      { kind: 'boolean', code: 'invalid_factor', expected: 'true or false' },
      (value) => typeof value == 'boolean',
    ),
  },
  'invalid_factor',
  'a factor ({ id, weight?, boostOnly? })',
  ['id'],
)

/** Relate's factors: one or more, within the request limit. */
export const FactorListRule: Rule<readonly Factor[]> = /* @__PURE__ */ list(
  FactorRule,
  'invalid_request',
  'a list of one or more factors',
  1,
  'factors',
)
