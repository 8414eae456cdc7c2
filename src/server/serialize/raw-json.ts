/** JSON text already serialized, placed into a response body as it is (see writeList). */
export class RawJson {
  constructor(readonly text: string) {}
}
