export * from "./invoices";
export * from "./statements";
export * from "./pdf";
export * from "./documents";
