import { HqlError, parseQuery } from 'hql'

/** The code of the HqlError `run` throws, or 'ok'; anything else it throws fails the test. */
export function outcome(run: () => unknown): string {
  try {
    run()
    return 'ok'
  } catch (error) {
    if (error instanceof HqlError) return error.code
    throw error
  }
}

/** One query asked of the three doors that read one: the builder, fromJSON and the text form. */
export const atEachDoor = (builder: () => unknown, json: () => unknown, text: string) => ({
  builder: outcome(builder),
  fromJSON: outcome(json),
  text: outcome(() => parseQuery(text)),
})
