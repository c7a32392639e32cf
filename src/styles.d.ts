/** Sass files compile at build time to a CSS string (see rollup.config.mjs and tests/esbuild-plugins.mjs). */
declare module '*.scss' {
  const css: string;
  export default css;
}
