/** The family key lives in lib/text (the store and the searches use it too); corpus readers import it from here or there. */
export { familyKey, stripVersionMarks } from "../text/family-key";
