/** Dictionaries the console uses, with texts in both languages. [value, en-US, zh-CN] */
export interface DictSeed {
    code: string;
    name: string;
    nameZh: string;
    items: [string, string, string][];
}
export declare const DICTIONARIES: DictSeed[];
