/**
 * A request's named parameters as a method reads them: a JSON body's members, form fields (a
 * repeated field is an array), or an RPC call's params struct.
 */
export type BodyParams = Record<string, unknown>;
