// SVG files are bundled as strings (JupyterLab's webpack configuration).
declare module '*.svg' {
  const value: string;
  export default value;
}
