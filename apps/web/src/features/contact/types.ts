/** A support contact as the administration list returns it (the server's row). */
export interface SupportContactRecord {
  id: string;
  name: string;
  telegram: string;
  /** The server's column name; `sort` in what is sent. */
  sortNo: number;
  enabled: boolean;
  createdAt?: string;
}

/** What add and edit send (checked by the contracts' supportContactInputSchema). */
export interface SupportContactInput {
  name: string;
  telegram: string;
  /** 0 to 100, lower first. */
  sort: number;
  enabled: boolean;
}
