export function App() {
  return (
    <main>
      <h1>Welcome to Grove</h1>
    </main>
  );
}
