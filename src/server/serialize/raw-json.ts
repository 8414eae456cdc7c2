/** JSON text already serialized, placed into a response body as it is (see listBody). */
export class RawJson {
  constructor(readonly text: string) {}
}
