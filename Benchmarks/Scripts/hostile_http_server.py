# A hostile loopback HTTP server for measuring hollow-cli (Docs/Performance.md, "Hostile answers").
#   python3 hostile_http_server.py MODE PORT [LENGTH]
# MODE: flood           a 700 MB body with its Content-Length
#       flood-nolength  the same 700 MB without a length (read until the server closes)
#       chunked         an endless chunked body
#       trickle         announces LENGTH bytes (default 2 GB) and sends 100 bytes a second
import socket, sys, threading, time
mode, port = sys.argv[1], int(sys.argv[2])
length = int(sys.argv[3]) if len(sys.argv) > 3 else 2000000000
def serve(conn):
    try:
        conn.recv(65536)
        if mode == "flood":
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 734003200\r\n\r\n")
            chunk = b"0" * 65536
            for _ in range(734003200 // 65536): conn.sendall(chunk)
        elif mode == "flood-nolength":
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n")
            chunk = b"0" * 65536
            for _ in range(734003200 // 65536): conn.sendall(chunk)
        elif mode == "chunked":
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
            chunk = b"10000\r\n" + b"0" * 65536 + b"\r\n"
            while True: conn.sendall(chunk)
        elif mode == "trickle":
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n" % length + b"\r\n")
            while True:
                conn.sendall(b"0" * 100); time.sleep(1)
    except OSError:
        pass
    finally:
        conn.close()
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("127.0.0.1", port)); s.listen(64)
while True:
    c, _ = s.accept(); threading.Thread(target=serve, args=(c,), daemon=True).start()
