"""Benchmarks of the reference engine, outside it: its random-playout throughput and push/pop walk
(`throughput`), and the bare playout it is measured against (`bare`). `truco bench` runs them."""
