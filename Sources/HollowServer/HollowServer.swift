// HollowServer: placeholder until its issue lands.
