// size-limit's preset ships no types; the bench only hands it on to size-limit's API, typed as below.
declare module '@size-limit/preset-small-lib' {
  const plugins: ((...args: unknown[]) => unknown)[]
  export default plugins
}
