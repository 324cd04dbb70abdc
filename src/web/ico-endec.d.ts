/** ico-endec (CommonJS) ships no types: the one function the site uses. */
declare module 'ico-endec' {
  const icoEndec: {
    /** An ICO file of the given PNG (or BMP) images. */
    encode(images: readonly (Buffer | ArrayBuffer)[]): Buffer;
  };
  export default icoEndec;
}
