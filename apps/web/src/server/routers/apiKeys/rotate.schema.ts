export { KeyIdInput as RotateKeyInput } from "./revoke.schema";
