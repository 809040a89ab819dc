// Placeholder: replaced when the page is built.
export default function Stub() { return <p>Coming soon: admin._index</p>; }
