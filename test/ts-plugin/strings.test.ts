// The map between an hqlText string's value and where its characters are written: escapes, line continuations,
// templates' line breaks, and text written back into a literal of either quote.
import ts from 'typescript'
import { describe, expect, test } from 'vitest'
import { escapeFor, hqlStrings, offsetOf, positionOf } from '../../src/ts-plugin/strings'

const read = (code: string, functions = ['hqlText']) =>
  hqlStrings(ts, ts.createSourceFile('a.ts', code, ts.ScriptTarget.Latest, true), functions)

describe('hqlText strings in a file', () => {
  test('finds the literal first arguments of the named functions only', () => {
    const code = `hqlText('a'); other('b'); hql.text("c"); hqlText(\`d\`); hqlText(x); hqlText(\`\${x}\`)`
    expect(read(code).map((found) => found.text)).toEqual(['a', 'd'])
    expect(read(code, ['hql.text']).map((found) => found.text)).toEqual(['c'])
  })

  test.each([
    ['"say \\"hi\\""', 'say "hi"'],
    ["'a\\\\b'", 'a\\b'],
    ["'a\\u0062c'", 'abc'],
    ["'a\\u{1F600}b'", 'a\u{1F600}b'],
    ["'a\\x62c'", 'abc'],
    ["'a\\\nb'", 'ab'],
    ['`a\r\nb`', 'a\nb'],
  ])('%j reads %j, each character at its place', (literal, value) => {
    const code = `hqlText(${literal})`
    const [found] = read(code)
    expect(found?.text).toBe(value)
    const start = 'hqlText('.length
    // The text's end is the closing quote; its start the first character after the opening one.
    expect(positionOf(found!, value.length)).toBe(start + literal.length - 1)
    expect(positionOf(found!, 0)).toBe(start + 1)
    // A character's position maps back to it (an escape of two units: to its first).
    for (let offset = 0; offset <= value.length; offset++) {
      const position = positionOf(found!, offset)
      expect(offsetOf(found!, position)).toBe(found!.positions.indexOf(position))
    }
  })

  test('the place of a word after an escape', () => {
    const code = `hqlText("explore Movie where contributors = \\"mhric-x\\" with primaryImag")`
    const [found] = read(code)
    const offset = found!.text.indexOf('primaryImag')
    expect(code.slice(positionOf(found!, offset), positionOf(found!, offset + 11))).toBe('primaryImag')
    // Inside the escape `\"` (on its `"`), the escape's character: the `"` of the text.
    const quote = code.indexOf('\\"') + 1
    expect(found!.text[offsetOf(found!, quote)]).toBe('"')
  })

  test('text written back escapes the quote of its literal', () => {
    const [double, single, template] = read(`hqlText("a"); hqlText('b'); hqlText(\`c\`)`)
    expect(escapeFor(double!, '"mhric-x"')).toBe('\\"mhric-x\\"')
    expect(escapeFor(single!, '"mhric-x"')).toBe('"mhric-x"')
    expect(escapeFor(single!, "it's\n")).toBe("it\\'s\\n")
    expect(escapeFor(template!, '`${x}`\n')).toBe('\\`\\${x}\\`\n')
  })
})
