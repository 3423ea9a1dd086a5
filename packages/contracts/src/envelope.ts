import type { ErrorCode } from './errors';

/** Every API answer has this shape (spec section 7). `code` repeats the HTTP status. */
export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
  /** Stable machine-readable code on errors. */
  errorCode?: ErrorCode;
  /** Field-level problems on validation errors. */
  errors?: { field: string; message: string }[];
}
