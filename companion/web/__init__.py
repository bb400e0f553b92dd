"""The web table: phones as seat pads and a board page on any screen, served by the box itself.

Optional: ``pip install ".[web]"`` brings ``websockets`` and ``segno``; nothing here is imported
unless the web table is on (this package imports neither at its top). docs/web-table.md tells
users how to run it and what a web seat protects against.

The interface, for the thread that owns the table (the main loop)::

    from companion.web.server import WebTable
    from companion.web.views import Tracker, all_views

    web = WebTable(events, host="0.0.0.0", port=8080,
                   allowed_hosts={"192.168.4.1:8080"}, claim=claim)
    web.start()                       # listens in its own thread; WebTableError if it cannot
    tracker = Tracker()               # the announcements log and the decision times
    ...after every frame drawn on the panel (in the owner thread):
    web.publish(*all_views(table, tracker))
    ...on the way out:
    web.close()

- Keys pressed on a phone arrive on ``events`` as ``KeyEvent(seat, key, "web")`` with the pad
  keys' codes (``0``-``9``, ``*``, ``#``): the table, ``SecretCollector`` and the reveal do not
  change, and hardware pads, GPIO seats and phones mix at one table.
- ``claim(ask) -> bool | None`` (called in the web thread; it must not block and must not touch
  the table; ``server.Ask``: seat, name, ``taken`` by another phone, ``connected`` now, the
  claim's ``number``, the ``game`` the phone saw): True seats the phone, False refuses it, None
  leaves it waiting until the owner calls ``web.answer_claim(seat, ok, number)`` (the host
  confirming on the panel; the phone's first view is the next one published). ``withdrawn(ask)``
  is called when a waiting claim ends unanswered (the phone left, ``CLAIM_WAIT_S``, the game
  ended). ``run.ask_the_host`` wires both to the table as ``SeatClaim`` events. Without
  ``claim``, a free seat is granted and a taken one refused.
- Seats last one game: the board view's ``game_no`` (``Table.game_serial``) changing ends every
  token. ``web.names()`` gives the names typed on phones by seat; ``web.release(seat)`` forgets
  a seat's phone (its token no longer takes it back).
- ``views.board_view(table, tracker)`` and ``views.seat_view(table, seat)`` are pure reads of the
  table; ``views.encode`` pads each message to its kind's fixed size (``views.SIZES``).
- ``activation.passed_socket("web")``: the listening socket systemd passed in (socket
  activation), for ``WebTable(..., sock=...)``.
- ``qr.url_qr(ip, port)``, ``qr.wifi_qr(ssid, password)`` and ``qr.panel_image(code)`` make the
  joining codes and draw them for the 128x64 panel.
"""
