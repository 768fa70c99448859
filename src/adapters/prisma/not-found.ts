/**
 * Prisma reports "the record to update/delete does not exist" as error code P2025. The adapter
 * turns that one case into the contract's "not found" value and lets every other error through.
 * Checked structurally: @prisma/client is an optional peer and may not be importable here.
 */

const RECORD_NOT_FOUND = "P2025";

export function isRecordNotFound(error: unknown): boolean {
  return (
    typeof error === "object" && error !== null && (error as { code?: unknown }).code === RECORD_NOT_FOUND
  );
}

/** Awaits a write and maps Prisma's "record not found" to `null`. */
export async function nullIfNotFound<T>(write: PromiseLike<T>): Promise<T | null> {
  try {
    return await write;
  } catch (error) {
    if (isRecordNotFound(error)) return null;
    throw error;
  }
}
