/**
 * A success body already serialised to JSON: an operation may return one instead of an
 * object when it can build the text more cheaply than JSON.stringify (e.g. from cached
 * fragments); runOperation sends the text as it is.
 */
export class JsonText {
  constructor(readonly json: string) {}
}
